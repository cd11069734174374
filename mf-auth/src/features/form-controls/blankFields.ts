/** The names of the fields left empty (blank text counts as empty; passwords are never trimmed). */
export function blankFields<F extends string>(values: Record<F, string>, untrimmed: readonly F[] = []): F[] {
  return (Object.keys(values) as F[]).filter((field) =>
    untrimmed.includes(field) ? values[field] === '' : values[field].trim() === '',
  );
}
