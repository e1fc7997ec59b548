/** The name of `value` in a table of named codes such as `{ open: 0, replied: 1 }`; undefined when none has it. */
export function keyOf<T extends Record<string, number>>(table: T, value: number): (keyof T & string) | undefined {
  return (Object.keys(table) as Array<keyof T & string>).find((key) => table[key] === value);
}
