/**
 * The object without its null or undefined properties: how an optional field absent from the stored
 * row leaves a response, an event or a JSON column (the API omits it rather than sending null).
 */
export function semNulos<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as T;
}
