import type { DataInterfaceParamValue } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteMeta } from '../../../shared/shell/permission.tsx';
import { portalApi } from '../api.ts';
import { cellText, reportColumns, reportWorkbook } from '../report-sheet.ts';
import '../portal.css';

/**
 * A menu of type 5 (report): the data interface its moduleId names, with a search form of the
 * interface's parameters, the rows as a table read with the viewer's own session, an Excel export
 * of those rows and the browser's print.
 */
export default function ReportPage() {
  const { t } = useTranslation('portal');
  const meta = useRouteMeta();
  const interfaceId = meta?.relationId ?? '';
  const title = meta?.zhTitle ?? '';
  const [form] = Form.useForm<Record<string, string>>();
  const [paramList, setParamList] = useState<DataInterfaceParamValue[] | null>(null);
  const parameters = useQuery({
    queryKey: ['portal', 'reportParams', interfaceId],
    queryFn: () => portalApi.interfaceParameters(interfaceId),
    enabled: Boolean(interfaceId),
  });
  const defaults = (parameters.data ?? []).map((p) => ({ field: p.field, defaultValue: p.defaultValue ?? '' }));
  const effective = paramList ?? defaults;
  const rows = useQuery({
    queryKey: ['portal', 'report', interfaceId, effective],
    queryFn: ({ signal }) => portalApi.interfaceRows(interfaceId, signal, effective),
    enabled: Boolean(interfaceId) && parameters.isSuccess,
  });
  const [exporting, setExporting] = useState(false);
  if (!interfaceId) return <Empty />;
  const search = (values: Record<string, string>) =>
    setParamList((parameters.data ?? []).map((p) => ({ field: p.field, defaultValue: values[p.field] ?? '' })));
  const data = rows.data ?? [];
  const columns = reportColumns(data);
  const exportRows = async () => {
    setExporting(true);
    try {
      const blob = await reportWorkbook(title, data);
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = `${title || 'report'}.xlsx`;
      anchor.click();
      URL.revokeObjectURL(url);
    } finally {
      setExporting(false);
    }
  };
  return (
    <div className="portal-report">
      {parameters.data?.length ? (
        <Form
          form={form}
          layout="inline"
          className="portal-report-search"
          initialValues={Object.fromEntries(defaults.map((d) => [d.field, cellText(d.defaultValue)]))}
          onFinish={search}
        >
          {parameters.data.map((p) => (
            <Form.Item key={p.field} name={p.field} label={p.fieldName || p.field}>
              <Input allowClear />
            </Form.Item>
          ))}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('report.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  setParamList(null);
                }}
              >
                {t('report.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      ) : null}
      <div className="portal-report-actions">
        <Space>
          <Button onClick={exportRows} loading={exporting} disabled={!data.length}>
            {t('report.export')}
          </Button>
          <Button onClick={() => window.print()}>{t('report.print')}</Button>
        </Space>
      </div>
      <Table
        size="small"
        loading={rows.isLoading}
        rowKey={(_row, index) => String(index)}
        dataSource={data}
        pagination={{ pageSize: 20, showSizeChanger: true, pageSizeOptions: [20, 50, 100, 500] }}
        columns={columns.map((key) => ({ key, title: key, dataIndex: key, render: cellText }))}
      />
    </div>
  );
}
