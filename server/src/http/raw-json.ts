/**
 * An answer body that is already JSON text. The transport sends the text as it is; anything else
 * that serializes a body (a batch's answer, a test) gets the same value through toJSON.
 */
export class RawJson {
  constructor(readonly text: string) {}

  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}
