// A create read back (an item of a unique name, a price for a pair): of two records written at the
// same moment, the later is taken back and withdrawn from the run's history; a read-back that
// cannot be made leaves the record standing with a warning; a take-back that fails names the
// command that removes it.
import { describe, expect, test } from 'vitest';
import { readBackCreate, type CreateReadBack } from '../../src/data/create-race.js';
import { LostRace } from '../../src/data/refused.js';

interface Other {
  id: number;
}

/** A read-back whose steps are written down in `done`, in the order they happen. */
function readBack(overrides: Partial<CreateReadBack<Other>> = {}): { race: CreateReadBack<Other>; done: string[] } {
  const done: string[] = [];
  const race: CreateReadBack<Other> = {
    api: {
      takingBack: async (work) => {
        done.push('taking back');
        return work();
      },
      withdrawSince: (mark) => void done.push(`withdraw since ${mark}`),
    },
    mark: 4,
    earlier: async () => [{ id: 7 }],
    takeBack: async () => void done.push('remove 9'),
    warn: (message) => void done.push(message),
    unreadText: (reason) => `warning: record 9 stands; the others could not be read (${reason})`,
    notTakenBackText: (earlier, reason) => `record ${earlier[0]!.id} came first; record 9 could not be taken back (${reason}). Remove it:\n  rentals records delete 9 --yes`,
    takenBackText: async (earlier) => {
      done.push('names read');
      return `record ${earlier[0]!.id} came first; record 9 was taken back. Nothing was changed.`;
    },
    ...overrides,
  };
  return { race, done };
}

async function outcome(race: CreateReadBack<Other>): Promise<unknown> {
  return readBackCreate(race).then(
    () => 'kept',
    (error: unknown) => error,
  );
}

describe('readBackCreate', () => {
  test('the others cannot be read: the record stands, with a warning saying why; nothing is taken back', async () => {
    const { race, done } = readBack({
      earlier: async () => {
        throw new Error('GET /v1/records: HTTP 502');
      },
    });
    expect(await outcome(race)).toBe('kept');
    expect(done).toEqual(['warning: record 9 stands; the others could not be read (GET /v1/records: HTTP 502)']);
  });

  test('none written before it: the record stands, nothing is taken back or withdrawn', async () => {
    const { race, done } = readBack({ earlier: async () => [] });
    expect(await outcome(race)).toBe('kept');
    expect(done).toEqual([]);
  });

  test('another written before it: it is taken back, withdrawn from the history, then the refusal reads what it names', async () => {
    const { race, done } = readBack();
    const error = await outcome(race);
    expect(error).toBeInstanceOf(LostRace);
    expect((error as Error).message).toBe('record 7 came first; record 9 was taken back. Nothing was changed.');
    expect(done).toEqual(['taking back', 'remove 9', 'withdraw since 4', 'names read']);
  });

  test('taking it back fails: the refusal says why and gives the command that removes it; nothing is withdrawn', async () => {
    const { race, done } = readBack({
      takeBack: async () => {
        throw new Error('DELETE /v1/records/9: HTTP 503');
      },
    });
    const error = await outcome(race);
    expect(error).toBeInstanceOf(LostRace);
    expect((error as Error).message).toBe('record 7 came first; record 9 could not be taken back (DELETE /v1/records/9: HTTP 503). Remove it:\n  rentals records delete 9 --yes');
    expect(done).toEqual(['taking back']);
  });

  test('a reason that is not an Error is said as text', async () => {
    const { race, done } = readBack({
      earlier: async () => {
        throw 'socket hang up';
      },
    });
    expect(await outcome(race)).toBe('kept');
    expect(done).toEqual(['warning: record 9 stands; the others could not be read (socket hang up)']);
  });
});
