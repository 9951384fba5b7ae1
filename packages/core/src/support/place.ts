/** Where a field sits: its page and rectangle in PDF points, copied as one piece from row to row. */
export interface Place {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export const placeOf = (f: Place): Place => ({
  page: f.page,
  x: f.x,
  y: f.y,
  width: f.width,
  height: f.height,
});
