// Imports that break a web rule of check-layers today, kept until they are fixed (issue 38, review
// 2026-11-28 section 2). A new violation fails; so does an entry here that no longer occurs (delete
// it), so these lists only shrink. Counts when written: 13 feature-face imports, 1 feature cycle,
// 0 file cycles; all three are empty since issue 38's feature faces. Keep them so.

/** `from -> to` imports of another feature's internals instead of its index.ts. */
export const allowedFeatureImports = [];

/** Cycles between web features (their sorted names joined by ' <-> '); none since `parseFiles` moved to shared/. */
export const allowedFeatureCycles = [];

/** File-level import cycles inside apps/web/src (sorted files joined by ' <-> '); none today. */
export const allowedFileCycles = [];
