import { lazy, type ReactNode } from 'react';
import { formFileService } from '../shared/components/upload/form-file-service.ts';
// The provider's own file (not the engine's index), so the shell does not carry the engine.
import { FormEngineProvider, type RichTextSlot } from '../shared/form-engine/plugins.tsx';

/** The rich-text editor and its sanitising view, each loaded when a form first shows one. */
const richText: RichTextSlot = {
  Editor: lazy(() => import('../shared/components/rich-text/RichTextEditor.tsx')),
  Html: lazy(() => import('../shared/components/rich-text/SafeHtml.tsx')),
};

/**
 * What every form in the app is given (generated pages, flow forms, short links, the preview and
 * print pages alike): the rich-text editor and the file service for uploadImg / uploadFile.
 */
export function AppFormEngine({ children }: { children: ReactNode }) {
  return (
    <FormEngineProvider richText={richText} files={formFileService}>
      {children}
    </FormEngineProvider>
  );
}
