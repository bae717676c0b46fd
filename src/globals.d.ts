declare const __RENTALS_VERSION__: string;
