import Form from 'antd/es/form';
import {
  ButtonSettings,
  DerivedPermissions,
  ListFieldsTable,
  ListKindSettings,
  PagingSettings,
} from './ListDesignerSections.tsx';
import { type ListDesignerProps, useListDesigner } from './useListDesigner.ts';

export type { ListDesignerProps } from './useListDesigner.ts';

/**
 * The list designer: which fields the list shows and searches (with width, alignment, fixing and
 * sorting of each column), its buttons, paging and default sort, a plain, tree or grouped list,
 * and the permission entries publishing will offer.
 */
export function ListDesigner(props: ListDesignerProps) {
  const state = useListDesigner(props);
  const { list } = props;
  return (
    <div className="vd-list-designer" data-testid="list-designer">
      <ListFieldsTable state={state} />
      <Form layout="vertical" size="small" className="vd-props vd-list-settings">
        <ListKindSettings list={list} state={state} />
        <PagingSettings list={list} state={state} />
        <ButtonSettings list={list} state={state} />
        <DerivedPermissions state={state} />
      </Form>
    </div>
  );
}
