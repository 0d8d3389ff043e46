/** Default level of the area picker: 2, that is province, city and district (3 ids per path). */
export const DEFAULT_AREA_LEVEL = 2;
/** Parent id of the top level when loading children. */
export const AREA_ROOT_ID = '-1';

/** The picker accepts a selection only when the leaf path has exactly level+1 ids. */
export function isAreaPathAccepted(
  path: readonly unknown[] | null | undefined,
  level: number = DEFAULT_AREA_LEVEL,
): boolean {
  return Array.isArray(path) && path.length === level + 1;
}

/** An area value (a list of id paths) is well formed when every path has exactly level+1 ids. */
export function isValidAreaValue(value: unknown, level: number = DEFAULT_AREA_LEVEL): boolean {
  return Array.isArray(value) && value.every((path) => Array.isArray(path) && isAreaPathAccepted(path, level));
}
