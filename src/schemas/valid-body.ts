// A write body that passed the one write validator (validateWrite in ./resource.ts). The API
// client's create and update take only this type, so a write that skipped validation does not
// compile. Type only: nothing here loads at run time.

declare const validated: unique symbol;

export type ValidBody = Record<string, unknown> & { readonly [validated]: true };
