import type { OrganizeAdministratorModel } from '@platform/shared';

/** The rights of a tiered administrator over one organisation, as the form edits them. */
export const layers = ['thisLayer', 'subLayer'] as const;
export const rights = ['Add', 'Edit', 'Delete', 'Select'] as const;
export type Layer = (typeof layers)[number];
export type Right = (typeof rights)[number];
export type RightKey = `${Layer}${Right}`;
/** Per layer, the rights ticked. */
export type LayerRights = Record<Layer, Right[]>;

/** A newly chosen organisation: viewing it and below it. */
export const defaultRights = (): LayerRights => ({ thisLayer: ['Select'], subLayer: ['Select'] });

export function rightsOf(model: Partial<Record<RightKey, 0 | 1>>): LayerRights {
  return {
    thisLayer: rights.filter((r) => model[`thisLayer${r}`] === 1),
    subLayer: rights.filter((r) => model[`subLayer${r}`] === 1),
  };
}

/** What `POST .../organizeAdminIsTrator` takes for one organisation. */
export function modelOf(organizeId: string, ticked: LayerRights): OrganizeAdministratorModel {
  const model: OrganizeAdministratorModel = { organizeId };
  for (const layer of layers) {
    for (const right of rights) model[`${layer}${right}`] = ticked[layer].includes(right) ? 1 : 0;
  }
  return model;
}
