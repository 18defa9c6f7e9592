/**
 * The pages of an async generator (a cursor's FETCHes), each next page asked for before the
 * current one is handed on: the next FETCH runs in PostgreSQL while the caller renders and stores
 * the current page. Closing it early waits for the page in flight first, so the source (a cursor's
 * CLOSE) is closed on an idle connection.
 */
export async function* readAhead<T>(pages: AsyncGenerator<T>): AsyncGenerator<T> {
  let next = pages.next();
  try {
    for (;;) {
      const page = await next;
      if (page.done) return;
      next = pages.next();
      // Awaited on the next turn or in finally: never an unhandled rejection meanwhile.
      next.catch(() => {});
      yield page.value;
    }
  } finally {
    await next.catch(() => {});
    await pages.return(undefined);
  }
}
