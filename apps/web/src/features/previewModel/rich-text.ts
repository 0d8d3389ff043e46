import { lazy } from 'react';
import { setRichText } from '../../shared/form-engine/index.ts';
import { i18n } from '../../shared/i18n/index.ts';

/**
 * Plugs the notice area's rich-text editor and the message area's sanitising view into the form
 * engine (web shared/ may not import features); both load on first use.
 */
export function plugRichText(): void {
  setRichText({
    Editor: lazy(async () => {
      const [module] = await Promise.all([
        import('../notice/components/RichTextEditor.tsx'),
        i18n.loadNamespaces('notice'),
      ]);
      return module;
    }),
    Html: lazy(async () => ({ default: (await import('../message/components/SafeHtml.tsx')).SafeHtml })),
  });
}
