// The ids of one resource's records as a snapshot is read: eight bytes each in one typed array (a
// Set of 300,000 numbers is several times that), sorted once the list ends, so that a second
// record with the same id is found whatever the order, and a reference is looked up by halving.

export class IdColumn {
  private ids = new Float64Array(1024);
  private size = 0;
  /** Every id so far above the one before it: the list can be merged as it is read. */
  private rising = true;

  push(id: number): void {
    if (this.size === this.ids.length) {
      const grown = new Float64Array(this.ids.length * 2);
      grown.set(this.ids);
      this.ids = grown;
    }
    if (this.size > 0 && id <= this.ids[this.size - 1]!) this.rising = false;
    this.ids[this.size++] = id;
  }

  get count(): number {
    return this.size;
  }

  /** The ids were in rising order as read (no sort was needed). */
  get ordered(): boolean {
    return this.rising;
  }

  /** Sorts the ids (the list has ended); returns an id found twice, if any. */
  finish(): number | undefined {
    this.ids = this.ids.slice(0, this.size); // what the list did not use is given back
    if (!this.rising) this.ids.sort();
    for (let i = 1; i < this.size; i++) if (this.ids[i] === this.ids[i - 1]) return this.ids[i];
    return undefined;
  }

  /** The highest id (0 when there is none); after finish(). */
  max(): number {
    return this.size === 0 ? 0 : this.ids[this.size - 1]!;
  }

  /** Whether the id is one of them; after finish(). */
  has(id: number): boolean {
    let low = 0;
    let high = this.size - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const at = this.ids[middle]!;
      if (at === id) return true;
      if (at < id) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }
}
