import { DeleteOutlined } from '@ant-design/icons';
import {
  chartKinds,
  type DataInterfaceNode,
  type PortalCard,
  type PortalCardKind,
  type PortalFormData,
  portalCardKinds,
} from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import TreeSelect from 'antd/es/tree-select';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSuccessToast } from '../../../shared/components/index.ts';
import { portalApi } from '../api.ts';
import {
  addCard,
  type DropPlace,
  findCard,
  readFormData,
  removeCard,
  sizeOf,
  updateCard,
  writeFormData,
} from '../layout.ts';
import { PortalCanvas } from './PortalView.tsx';
import '../portal.css';

/** Cards whose rows may come from a data interface. */
const dataKinds = new Set<PortalCardKind>([...chartKinds, 'dataBoard', 'tableList', 'rankList', 'timeAxis']);
/** Cards whose value is one text or address. */
const textKinds = new Set<PortalCardKind>(['text', 'image', 'video', 'iframe']);
/** Cards that hold other cards. */
const holders = new Set<PortalCardKind>(['card', 'tab']);

type TreeNode = { value: string; title: string; selectable: boolean; children?: TreeNode[] };
const treeOf = (nodes: readonly DataInterfaceNode[]): TreeNode[] =>
  nodes.map((n) => ({
    value: n.id,
    title: n.fullName,
    selectable: n.type !== 0,
    children: n.children?.length ? treeOf(n.children as DataInterfaceNode[]) : undefined,
  }));

/** A static value as the text the designer edits: text as is, rows as JSON. */
const valueText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? [], null, 2));

function CardProperties({ card, onChange }: { card: PortalCard; onChange: (patch: Partial<PortalCard>) => void }) {
  const { t } = useTranslation('portal');
  const interfaces = useQuery({
    queryKey: ['portal', 'interfaces'],
    queryFn: () => portalApi.interfaces(),
    enabled: dataKinds.has(card.jnpfKey),
  });
  const [rowsText, setRowsText] = useState(valueText(card.option.defaultValue));
  const [rowsError, setRowsError] = useState(false);
  useEffect(() => {
    setRowsText(valueText(card.option.defaultValue));
    setRowsError(false);
  }, [card.option.defaultValue]);
  const saveRows = () => {
    try {
      const parsed: unknown = JSON.parse(rowsText);
      if (!Array.isArray(parsed)) throw new Error('rows');
      setRowsError(false);
      onChange({ option: { ...card.option, defaultValue: parsed } });
    } catch {
      setRowsError(true);
    }
  };
  return (
    <Form layout="vertical" size="small">
      <Form.Item label={t('props.title')}>
        <Input
          aria-label={t('props.title')}
          value={card.title}
          maxLength={50}
          onChange={(e) => onChange({ title: e.target.value })}
        />
      </Form.Item>
      {textKinds.has(card.jnpfKey) ? (
        <Form.Item label={t(card.jnpfKey === 'text' ? 'props.text' : 'props.address')}>
          <Input.TextArea
            aria-label={t(card.jnpfKey === 'text' ? 'props.text' : 'props.address')}
            rows={3}
            value={valueText(card.option.defaultValue)}
            onChange={(e) => onChange({ option: { ...card.option, defaultValue: e.target.value } })}
          />
        </Form.Item>
      ) : null}
      {card.jnpfKey === 'carousel' ? (
        <Form.Item label={t('props.images')}>
          <Input.TextArea
            aria-label={t('props.images')}
            rows={4}
            value={(Array.isArray(card.option.defaultValue) ? card.option.defaultValue : []).join('\n')}
            onChange={(e) =>
              onChange({
                option: {
                  ...card.option,
                  defaultValue: e.target.value
                    .split('\n')
                    .map((s) => s.trim())
                    .filter(Boolean),
                },
              })
            }
          />
        </Form.Item>
      ) : null}
      {dataKinds.has(card.jnpfKey) ? (
        <>
          <Form.Item label={t('props.dataType')}>
            <Radio.Group
              aria-label={t('props.dataType')}
              value={card.dataType}
              onChange={(e) => onChange({ dataType: e.target.value })}
              options={[
                { value: 'static', label: t('props.static') },
                { value: 'dynamic', label: t('props.dynamic') },
              ]}
            />
          </Form.Item>
          {card.dataType === 'dynamic' ? (
            <Form.Item label={t('props.interface')} extra={t('props.interfaceHint')}>
              <TreeSelect
                aria-label={t('props.interface')}
                value={card.propsApi || undefined}
                treeData={treeOf(interfaces.data ?? [])}
                treeDefaultExpandAll
                loading={interfaces.isLoading}
                onChange={(value: string) => onChange({ propsApi: value })}
              />
            </Form.Item>
          ) : (
            <Form.Item
              label={t('props.rows')}
              validateStatus={rowsError ? 'error' : undefined}
              help={rowsError ? t('props.rowsInvalid') : t('props.rowsHint')}
            >
              <Input.TextArea
                aria-label={t('props.rows')}
                rows={8}
                value={rowsText}
                onChange={(e) => setRowsText(e.target.value)}
                onBlur={saveRows}
              />
            </Form.Item>
          )}
        </>
      ) : null}
      {holders.has(card.jnpfKey) ? (
        <p className="portal-hint">{t('props.holderHint')}</p>
      ) : (
        <>
          <Form.Item label={t('props.linkType')}>
            <Select
              aria-label={t('props.linkType')}
              value={card.card?.linkType ?? ''}
              onChange={(linkType: '' | '1' | '2') => onChange({ card: { ...card.card, linkType } })}
              options={(['', '1', '2'] as const).map((value) => ({
                value,
                label: t(`props.linkTypes.${value || 'none'}`),
              }))}
            />
          </Form.Item>
          {card.card?.linkType ? (
            <Form.Item label={t('props.linkAddress')} extra={t(`props.linkHints.${card.card.linkType}`)}>
              <Input
                aria-label={t('props.linkAddress')}
                value={card.card.urlAddress ?? ''}
                maxLength={500}
                onChange={(e) => onChange({ card: { ...card.card, urlAddress: e.target.value } })}
              />
            </Form.Item>
          ) : null}
        </>
      )}
    </Form>
  );
}

/**
 * The portal designer (full screen): the palette of card kinds, the grid where cards move and
 * resize (a card or tab selected takes the new card inside it), the selected card's properties and
 * the refresh interval. 保存 sends only `{id, formData}`.
 */
export function PortalDesigner({
  portal,
  onClose,
}: {
  portal: { id: string; fullName: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('portal');
  const success = useSuccessToast();
  const info = useQuery({
    queryKey: ['portal', 'design', portal?.id],
    queryFn: () => portalApi.info(portal?.id ?? ''),
    enabled: Boolean(portal),
    gcTime: 0,
  });
  const [data, setData] = useState<PortalFormData | null>(null);
  const [selected, setSelected] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  /** The palette card being dragged: HTML5 drag data cannot be read while it is over the grid. */
  const [dragged, setDragged] = useState<PortalCardKind | null>(null);
  useEffect(() => {
    setData(info.data ? readFormData(info.data.formData) : null);
    setSelected(undefined);
  }, [info.data]);
  const selectedCard = data && selected ? findCard(data.layout, selected) : undefined;
  const add = (kind: PortalCardKind) => {
    if (!data) return;
    const parent = selectedCard && holders.has(selectedCard.jnpfKey) ? selectedCard.i : undefined;
    const next = addCard(data, kind, t(`kinds.${kind}`), parent);
    setData(next);
    setSelected(`card${next.layoutId}`);
  };
  const dropped = (parentI: string | undefined, place: DropPlace) => {
    if (!data || !dragged) return;
    const next = addCard(data, dragged, t(`kinds.${dragged}`), parentI, place);
    setDragged(null);
    setData(next);
    setSelected(`card${next.layoutId}`);
  };
  const save = async () => {
    if (!portal || !data) return;
    setSaving(true);
    try {
      success(await portalApi.saveDesign(portal.id, writeFormData(data)));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={Boolean(portal)}
      title={t('designer.title', { name: portal?.fullName ?? '' })}
      width="100%"
      className="portal-designer-modal"
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t('designer.close')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={save}>
          {t('designer.save')}
        </Button>,
      ]}
    >
      {!data ? (
        <Spin />
      ) : (
        <div className="portal-designer">
          <Palette onAdd={add} onDrag={setDragged} />
          {/* biome-ignore lint/a11y/noStaticElementInteractions: a click on the empty canvas only clears the selection. */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: see above. */}
          <div className="portal-canvas" onClick={() => setSelected(undefined)}>
            <PortalCanvas
              data={data}
              editable
              onChange={setData}
              onSelect={setSelected}
              selected={selected}
              dropping={dragged ? sizeOf(dragged) : null}
              onDropped={dropped}
              cardExtra={(i) => (
                <Button
                  size="small"
                  type="text"
                  danger
                  aria-label={t('designer.removeCard')}
                  icon={<DeleteOutlined />}
                  onClick={(event) => {
                    event.stopPropagation();
                    setData(removeCard(data, i));
                    if (selected === i) setSelected(undefined);
                  }}
                />
              )}
            />
          </div>
          <aside className="portal-properties" aria-label={t('designer.properties')}>
            {selectedCard ? (
              <CardProperties
                card={selectedCard}
                onChange={(patch) => setData(updateCard(data, selectedCard.i, patch))}
              />
            ) : (
              <p className="portal-hint">{t('designer.selectHint')}</p>
            )}
            <RefreshSettings refresh={data.refresh} onChange={(refresh) => setData({ ...data, refresh })} />
          </aside>
        </div>
      )}
    </Modal>
  );
}

/** The card kinds: a click (or Enter) adds one below the others, a drag drops it where the pointer is. */
function Palette({
  onAdd,
  onDrag,
}: {
  onAdd: (kind: PortalCardKind) => void;
  onDrag: (kind: PortalCardKind | null) => void;
}) {
  const { t } = useTranslation('portal');
  return (
    <nav className="portal-palette" aria-label={t('designer.palette')}>
      {portalCardKinds.map((kind) => (
        <Button
          key={kind}
          size="small"
          block
          draggable
          onDragStart={(event) => {
            // Firefox starts a drag only with data set.
            event.dataTransfer.setData('text/plain', kind);
            onDrag(kind);
          }}
          onDragEnd={() => onDrag(null)}
          onClick={() => onAdd(kind)}
        >
          {t(`kinds.${kind}`)}
        </Button>
      ))}
    </nav>
  );
}

/** Whether the portal refreshes itself, and how often. */
function RefreshSettings({
  refresh,
  onChange,
}: {
  refresh: PortalFormData['refresh'];
  onChange: (refresh: PortalFormData['refresh']) => void;
}) {
  const { t } = useTranslation('portal');
  return (
    <Form layout="vertical" size="small">
      <Form.Item label={t('designer.autoRefresh')}>
        <Switch
          aria-label={t('designer.autoRefresh')}
          checked={refresh.autoRefresh}
          onChange={(autoRefresh) => onChange({ ...refresh, autoRefresh })}
        />
      </Form.Item>
      <Form.Item label={t('designer.refreshSeconds')}>
        <InputNumber
          aria-label={t('designer.refreshSeconds')}
          min={0}
          max={86_400}
          precision={0}
          value={refresh.autoRefreshTime}
          disabled={!refresh.autoRefresh}
          onChange={(value) => onChange({ ...refresh, autoRefreshTime: Number(value) || 0 })}
        />
      </Form.Item>
    </Form>
  );
}
