import type { ComponentType } from 'react';

/** A page of a feature, loaded when its menu is opened (app/page-registry.ts collects them). */
export type PageLoader = () => Promise<{ default: ComponentType }>;
/** What a feature's `pages.ts` declares: its pages by the urlAddress of their menus. */
export type PageModules = Record<string, PageLoader>;
