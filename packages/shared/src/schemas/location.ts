import { type Static, Type } from 'typebox';

const Coordinates = Type.String({ maxLength: 50, pattern: '^-?\\d{1,3}(\\.\\d+)?,-?\\d{1,2}(\\.\\d+)?$' });
/** Numbers arrive as query text from the 3.6 client; empty means "not given". */
const WholeText = Type.Union([Type.Integer(), Type.String({ maxLength: 10, pattern: '^(-?\\d+)?$' })]);

/** `GET /api/system/Location/around` (widgets.md §7): places near `location` ("lng,lat"), a page of `offset`. */
export const LocationAroundQuery = Type.Object({
  location: Coordinates,
  keywords: Type.Optional(Type.String({ maxLength: 100 })),
  radius: Type.Optional(WholeText),
  offset: Type.Optional(WholeText),
  page: Type.Optional(WholeText),
});
export type LocationAroundQuery = Static<typeof LocationAroundQuery>;

/** `GET /api/system/Location/text`: places by keyword, near `location` when given (radius -1: anywhere). */
export const LocationTextQuery = Type.Object({
  keywords: Type.String({ minLength: 1, maxLength: 100 }),
  location: Type.Optional(Type.Union([Type.Literal(''), Coordinates])),
  radius: Type.Optional(WholeText),
  offset: Type.Optional(WholeText),
  page: Type.Optional(WholeText),
});
export type LocationTextQuery = Static<typeof LocationTextQuery>;

/** `GET /api/system/Location/inputtips`: suggestions while typing. */
export const LocationTipsQuery = Type.Object({
  keywords: Type.String({ minLength: 1, maxLength: 100 }),
  location: Type.Optional(Type.Union([Type.Literal(''), Coordinates])),
});
export type LocationTipsQuery = Static<typeof LocationTipsQuery>;

/** A place as the location dialog lists it (the map service's POI, its fields named as the widget stores them). */
export const LocationPoi = Type.Object({
  id: Type.String(),
  name: Type.String(),
  address: Type.String(),
  /** "lng,lat". */
  location: Type.String(),
  pname: Type.String(),
  cityname: Type.String(),
  adname: Type.String(),
  /** Metres from the searched point, when the service says. */
  distance: Type.String(),
});
export type LocationPoi = Static<typeof LocationPoi>;

export const LocationPois = Type.Object({ pois: Type.Array(LocationPoi), count: Type.Integer() });
export type LocationPois = Static<typeof LocationPois>;
export const LocationTips = Type.Object({ tips: Type.Array(LocationPoi) });
export type LocationTips = Static<typeof LocationTips>;

/**
 * `GET /api/system/Location/staticmap`: a picture of the map around `location` at `zoom`, `size`
 * "width*height" in pixels (at most 1024 each), drawn by the map service. The dialog's map (zoom 16)
 * and the field's small map (zoom 19, 80*80, widgets.md §7) use it; the key stays on the server.
 */
export const LocationStaticMapQuery = Type.Object({
  location: Coordinates,
  zoom: Type.Optional(WholeText),
  size: Type.String({ maxLength: 9, pattern: '^\\d{1,4}\\*\\d{1,4}$' }),
});
export type LocationStaticMapQuery = Static<typeof LocationStaticMapQuery>;
/** The picture as a data: URL (PNG), so the request layer carries it like any other answer. */
export const LocationStaticMap = Type.Object({ image: Type.String() });
export type LocationStaticMap = Static<typeof LocationStaticMap>;
