import type { FormDefinition, FormValues } from '@platform/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Segmented from 'antd/es/segmented';
import { useMemo, useState } from 'react';
import { allKindsDefinition } from '../../../shared/form-engine/fixtures/all-kinds.ts';
import { jnpf36Definition } from '../../../shared/form-engine/fixtures/jnpf36.ts';
import { FormRenderer, FormStore, useFormEngineTranslation } from '../../../shared/form-engine/index.ts';
import { useToast } from '../../../shared/toast.tsx';
import { PreviewPrintButton } from '../../printDev/index.ts';

const samples = { all: allKindsDefinition, jnpf: jnpf36Definition } as const;
type Sample = keyof typeof samples;

/** Reads pasted JSON: a definition, or `{ formData }` with formData as an object or a JSON string (the Config answer). */
export function parseDefinition(text: string): { definition?: FormDefinition; error?: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  if (value && typeof value === 'object' && 'formData' in value) {
    const inner = (value as { formData: unknown }).formData;
    try {
      value = typeof inner === 'string' ? JSON.parse(inner) : inner;
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }
  if (!value || typeof value !== 'object' || !Array.isArray((value as FormDefinition).fields)) return { error: '' };
  return { definition: value as FormDefinition };
}

/**
 * /previewModel: paste or pick a form definition and see it as a form (submit validates) and as a
 * detail showing the submitted values in the read-only renderer.
 */
export default function PreviewModelPage() {
  const { t } = useFormEngineTranslation();
  const toast = useToast();
  const [sample, setSample] = useState<Sample>('all');
  const [text, setText] = useState(() => JSON.stringify(samples.all, null, 2));
  const [definition, setDefinition] = useState<FormDefinition>(samples.all);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<FormValues | null>(null);
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` renews the store on reset
  const store = useMemo(() => new FormStore(definition), [definition, version]);
  const detailStore = useMemo(() => (saved ? new FormStore(definition, saved) : null), [definition, saved]);

  const pick = (next: Sample) => {
    setSample(next);
    setText(JSON.stringify(samples[next], null, 2));
    setDefinition(samples[next]);
    setProblem(null);
    setSaved(null);
  };
  const apply = () => {
    const parsed = parseDefinition(text);
    if (!parsed.definition) {
      setProblem(parsed.error ? t('preview.invalidJson', { error: parsed.error }) : t('preview.noFields'));
      return;
    }
    setProblem(null);
    setSaved(null);
    setDefinition(parsed.definition);
  };
  const submit = () => {
    if (!store.validate()) {
      toast.error(t('preview.invalid'));
      return;
    }
    setSaved(store.getValues());
    toast.success(t('preview.saved'));
  };

  return (
    <div className="preview-model" style={{ padding: 16, display: 'grid', gap: 16 }}>
      <Card size="small" title={t('preview.title')}>
        <div style={{ display: 'grid', gap: 8 }}>
          <Segmented<Sample>
            value={sample}
            onChange={pick}
            options={[
              { value: 'all', label: t('preview.sample') },
              { value: 'jnpf', label: t('preview.jnpfSample') },
            ]}
          />
          <Input.TextArea
            aria-label={t('preview.definition')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoSize={{ minRows: 4, maxRows: 12 }}
            style={{ fontFamily: 'monospace', fontSize: 12 }}
          />
          {problem ? <Alert type="error" title={problem} showIcon /> : null}
          <div>
            <Button onClick={apply}>{t('preview.render')}</Button>
          </div>
        </div>
      </Card>
      <Card size="small" title={t('preview.form')} data-testid="preview-form">
        <FormRenderer store={store} />
        <div style={{ display: 'flex', gap: 8 }}>
          <Button type="primary" onClick={submit}>
            {t('submit')}
          </Button>
          <Button
            onClick={() => {
              setSaved(null);
              setVersion((v) => v + 1);
            }}
          >
            {t('reset')}
          </Button>
          <PreviewPrintButton form={definition} />
        </div>
      </Card>
      {detailStore ? (
        <Card size="small" title={t('preview.detail')} data-testid="preview-detail">
          <FormRenderer store={detailStore} mode="detail" />
        </Card>
      ) : null}
    </div>
  );
}
