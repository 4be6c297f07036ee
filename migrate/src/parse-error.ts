/**
 * An export file that cannot be read as what its name says (not JSON, not a list of objects).
 * Found before anything is written: the import then writes nothing at all, rather than an empty
 * class and a report of one object not moved.
 */
export class ExportParseError extends Error {
  override name = 'ExportParseError';
  constructor(
    /** The file, and the line and column where it goes wrong when known. */
    readonly where: string,
    readonly reason: string,
  ) {
    super(`${where}: ${reason}. Nothing was imported; correct the file and start again.`);
  }
}
