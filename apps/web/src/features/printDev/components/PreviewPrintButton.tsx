import type { FormDefinition } from '@platform/shared';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/toast.tsx';

/**
 * The print button of a form seen in a preview (the function preview, the designer's preview):
 * shown as the form would show it (admin.md 2.9: the print-button flag and a template set), and
 * refused there with admin.md 5's warning, since a preview has no saved record to print.
 */
export function PreviewPrintButton({
  form,
}: {
  form: Pick<FormDefinition, 'hasPrintBtn' | 'printId' | 'printButtonText'>;
}) {
  const { t } = useTranslation('printDev');
  const toast = useToast();
  const templates = Array.isArray(form.printId) ? form.printId : [form.printId];
  if (!form.hasPrintBtn || !templates.some(Boolean)) return null;
  return (
    <Button onClick={() => toast.warning(t('preview.notInPreview'))}>
      {form.printButtonText || t('preview.print')}
    </Button>
  );
}
