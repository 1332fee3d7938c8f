/** The database could not be opened or used; `message` is one line naming the folder or server and the problem. */
export class DatabaseError extends Error {
  override name = 'DatabaseError';
}
