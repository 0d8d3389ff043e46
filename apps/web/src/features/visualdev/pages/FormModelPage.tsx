import { useRouteMeta } from '../../../shared/shell/permission.tsx';
import { FormRecords } from './FormRecords.tsx';

/**
 * A menu page of type 3 / 4 (shell.md 2.3): the released list of the menu's generated form
 * (`relationId`), with the rights of the menu.
 */
export default function FormModelPage() {
  const meta = useRouteMeta();
  return <FormRecords modelId={meta?.relationId ?? ''} menuId={meta?.moduleId ?? ''} />;
}
