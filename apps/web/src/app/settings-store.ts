import { create } from 'zustand';
import { persist, type StorageValue } from 'zustand/middleware';
import { readStored, removeStored, writeStored } from '../shared/storage.ts';

/** shell.md §3 "Themes for login result": the four navigation styles. */
export const layouts = ['classic', 'functional', 'blend', 'plain'] as const;
export type LayoutType = (typeof layouts)[number];

/** shell.md §2.6: the eight interface themes; blue is the default. */
export const themeColors = {
  blue: '#1677ff',
  purple: '#722ed1',
  azure: '#0ea5e9',
  ocean: '#0d9488',
  green: '#52c41a',
  yellow: '#d4a106',
  orange: '#fa8c16',
  red: '#f5222d',
} as const;
export type ThemeColor = keyof typeof themeColors;

/** DESIGN.md: the interface size names default/medium/small/mini; default small. */
export const sizes = ['default', 'medium', 'small', 'mini'] as const;
export type InterfaceSize = (typeof sizes)[number];

export interface DisplaySettings {
  layout: LayoutType;
  mode: 'light' | 'dark';
  themeColor: ThemeColor;
  showTagsView: boolean;
  showTagIcon: boolean;
  useCache: boolean;
  showLanguage: boolean;
  showSearch: boolean;
  size: InterfaceSize;
}

export const defaultSettings: DisplaySettings = {
  layout: 'classic',
  mode: 'light',
  themeColor: 'blue',
  showTagsView: true,
  showTagIcon: true,
  useCache: true,
  showLanguage: true,
  showSearch: true,
  size: 'small',
};

interface SettingsState extends DisplaySettings {
  set: (patch: Partial<DisplaySettings>) => void;
  resetSettings: () => void;
}

export const settingsStorageKind = 'settings';

/** shell.md §4 "Display options": stored locally (platform__[appId__]settings). */
export const useSettings = create<SettingsState>()(
  persist<SettingsState, [], [], DisplaySettings>(
    (set) => ({
      ...defaultSettings,
      set: (patch) => set(patch),
      resetSettings: () => set(defaultSettings),
    }),
    {
      name: settingsStorageKind,
      storage: {
        getItem: (name) => readStored<StorageValue<DisplaySettings>>(name) ?? null,
        setItem: (name, value) => writeStored(name, value),
        removeItem: (name) => removeStored(name),
      },
      partialize: ({ set: _set, resetSettings: _reset, ...settings }) => settings,
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<DisplaySettings>;
        const next = { ...current, ...stored };
        if (!layouts.includes(next.layout)) next.layout = defaultSettings.layout;
        if (!(next.themeColor in themeColors)) next.themeColor = defaultSettings.themeColor;
        if (!sizes.includes(next.size)) next.size = defaultSettings.size;
        return next;
      },
    },
  ),
);

/** antd has three sizes: default and medium are its large and middle, small and mini its small. */
export function antdSize(size: InterfaceSize): 'large' | 'middle' | 'small' {
  if (size === 'default') return 'large';
  if (size === 'medium') return 'middle';
  return 'small';
}
