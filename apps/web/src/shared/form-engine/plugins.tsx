import { type ComponentType, createContext, type ReactNode, useContext, useMemo } from 'react';

/**
 * Pieces the engine does not own, handed to it by the app through `<FormEngineProvider>` (mounted
 * once at the app root, so every page that renders a form has them): the rich-text editor and its
 * sanitising view (loaded on first use), and the file service (uploadImg / uploadFile). Without a
 * provider the editor is a textarea, stored rich text shows as plain text, and the upload widgets
 * list the stored files and run the before-checks, then say that uploading needs the file service.
 */
export interface UploadedFile {
  name: string;
  fileId: string;
  url: string;
  fileSize?: number;
  fileExtension?: string;
  thumbUrl?: string;
}

export interface FileService {
  upload(file: File, kind: 'file' | 'image', field: Record<string, unknown>): Promise<UploadedFile>;
}

export interface RichTextSlot {
  Editor: ComponentType<{
    value?: string;
    onChange?: (html: string) => void;
    id?: string;
    label?: string;
    placeholder?: string;
  }>;
  Html: ComponentType<{ html: string | null | undefined; className?: string }>;
}

export interface FormEnginePlugins {
  richText?: RichTextSlot;
  files?: FileService;
}

const PluginsCtx = createContext<FormEnginePlugins>({});

/** What the app plugs into every form below it. */
export function FormEngineProvider({ richText, files, children }: FormEnginePlugins & { children: ReactNode }) {
  const value = useMemo(() => ({ richText, files }), [richText, files]);
  return <PluginsCtx.Provider value={value}>{children}</PluginsCtx.Provider>;
}

export function useFormEnginePlugins(): FormEnginePlugins {
  return useContext(PluginsCtx);
}
