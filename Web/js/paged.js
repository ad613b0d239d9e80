// A long server list (`Page<T>`: { items, total, offset, limit, seed? }) read a page at a time as
// its rows come into view: get(i) answers what is loaded, ensure(first, last) asks for the pages
// that cover a range (each once), onChange runs when a page arrives.

export class PagedSource {
  /** fetchPage({ offset, limit, seed }) → Promise<Page>. */
  constructor(fetchPage, { pageSize = 100, onChange = () => {} } = {}) {
    this.fetchPage = fetchPage;
    this.pageSize = pageSize;
    this.onChange = onChange;
    this.items = [];
    this.total = null; // unknown until the first page
    this.seed = undefined; // a random order's seed, from the first page
    this.pending = new Map(); // page number → Promise
    this.reads = 0; // goes up with each reload: answers to reads before it are dropped
    this.disposed = false;
  }

  get(index) {
    return this.items[index];
  }

  /** Loads the first page (for the total); resolves when it is in. */
  start() {
    return this.load(0);
  }

  ensure(first, last) {
    if (this.total === null) return;
    const end = Math.min(last, this.total - 1);
    for (let page = Math.floor(first / this.pageSize); page * this.pageSize <= end; page++) this.load(page);
  }

  /** Reads again every page read so far (the list changed on the server); what is shown stays
   * until each answer replaces it. */
  reload() {
    const pages = [...this.pending.keys()];
    this.pending.clear();
    this.reads += 1;
    return Promise.all(pages.map((page) => this.load(page)));
  }

  load(page) {
    if (this.pending.has(page)) return this.pending.get(page);
    const offset = page * this.pageSize;
    const reads = this.reads;
    const promise = this.fetchPage({ offset, limit: this.pageSize, seed: this.seed }).then((answer) => {
      if (this.disposed || reads !== this.reads) return;
      if (answer?.total !== undefined && answer.total < this.items.length) this.items.length = answer.total;
      this.total = answer?.total ?? 0;
      if (answer?.seed !== undefined && this.seed === undefined) this.seed = answer.seed;
      (answer?.items || []).forEach((item, k) => { this.items[offset + k] = item; });
      this.onChange();
    }, (error) => {
      this.pending.delete(page); // let a later scroll try again
      throw error;
    });
    this.pending.set(page, promise);
    return promise;
  }

  dispose() {
    this.disposed = true;
  }
}
