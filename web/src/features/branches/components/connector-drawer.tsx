import { Alert, App, Button, Checkbox, Collapse, Drawer, Form, Input, InputNumber, Space, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiOutlined } from '@/components/icons';
import { useGuardedClose } from '@/components/unsaved-changes';
import {
  useConnectorSettings,
  useSaveConnectorSettings,
  useTestConnection,
  type ConnectionProbe,
} from '@/features/branches/api/connector';
import { CONNECTOR_FIELDS, MAP_FIELDS, fieldOf, toSettings, toValues, type ConnectorValues, type MapField } from '@/features/branches/connector-form';
import { NS } from '@/features/branches/i18n';
import { isApiError } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form-errors';

type Props = {
  /** The branch whose connection is edited; null: closed. */
  branch: { code: string; name: string } | null;
  onClose: () => void;
};

/** An absolute http(s) address; the server checks the rest (https, or http to this machine). */
const URL_RE = /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i;

/** What a test of the connection found, or why it failed (the server's message, translated). */
function ProbeResult({ probe }: { probe: ConnectionProbe }) {
  const { t } = useTranslation(NS);
  if (!probe.ok) {
    return <Alert type="error" showIcon message={t('connector.probe.failedTitle')} description={probe.error} data-testid="connector-probe" />;
  }
  return (
    <Alert
      type="success"
      showIcon
      message={t('connector.probe.okTitle', { ms: probe.elapsedMs })}
      description={
        <div data-testid="connector-probe-counts">
          <div>{probe.total === null ? t('connector.probe.noTotal') : t('connector.probe.total', { total: probe.total })}</div>
          <div>{t('connector.probe.page', { encounters: probe.encounters, patients: probe.patients, locations: probe.locations })}</div>
          <div>{t(probe.hasNext ? 'connector.probe.more' : 'connector.probe.last')}</div>
        </div>
      }
      data-testid="connector-probe"
    />
  );
}

/** The EU-14 allergen groups the branch's maps give no allergen (from the settings read). */
function MissingGroups({ groups }: { groups: string[] }) {
  const { t } = useTranslation(NS);
  if (groups.length === 0) return null;
  const names = groups.map((g) => t(`allergenGroups.${g}`, { ns: 'common', defaultValue: g })).join(', ');
  return (
    <Alert
      type="warning"
      showIcon
      message={t('connector.missingGroups.title', { count: groups.length })}
      description={t('connector.missingGroups.text', { groups: names })}
      style={{ marginBottom: 16 }}
      data-testid="connector-missing-groups"
    />
  );
}

/**
 * A branch's hospital connector (Super Admin, on the Branches screen): the FHIR R4 address,
 * SMART Backend Services client and credentials reference, paging and retries, and the code
 * maps; "test connection" fetches the census's first page with what is in the form (not yet
 * saved) and says what it found.
 */
export function ConnectorDrawer({ branch, onClose }: Props) {
  const { t } = useTranslation(NS);
  const { notification } = App.useApp();
  const [form] = Form.useForm<ConnectorValues>();
  const open = branch !== null;
  const guard = useGuardedClose(open, onClose);
  const stored = useConnectorSettings(branch?.code ?? null);
  const save = useSaveConnectorSettings();
  const test = useTestConnection();
  const [probe, setProbe] = useState<ConnectionProbe | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [counts, setCounts] = useState<Partial<Record<MapField, number>>>({});
  // the map panels open: one with a wrong line is opened to show its message
  const [openMaps, setOpenMaps] = useState<string[]>([]);
  const showMaps = (names: string[]) => setOpenMaps((o) => [...new Set([...o, ...names])]);
  const probeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (probe) probeRef.current?.scrollIntoView({ block: 'nearest' });
  }, [probe]);

  const ready = open && stored.isSuccess;
  useEffect(() => {
    if (ready) {
      const v = toValues(stored.data?.settings ?? null);
      form.resetFields();
      form.setFieldsValue(v);
      setCounts(countEntries(v));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, stored.data]);

  function countEntries(v: Partial<ConnectorValues>): Partial<Record<MapField, number>> {
    const out: Partial<Record<MapField, number>> = {};
    for (const f of MAP_FIELDS) out[f] = (v[f] ?? '').split('\n').filter((l) => l.trim() !== '').length;
    return out;
  }

  /** The form's settings, or null when a map has wrong lines (each named beside its map). */
  async function settingsOfForm() {
    setFormError(null);
    const v = await form.validateFields();
    const { settings, bad } = toSettings(v);
    const wrong = Object.entries(bad) as [MapField, number[]][];
    if (wrong.length > 0) {
      showMaps(wrong.map(([name]) => name));
      form.setFields(
        wrong.map(([name, lines]) => ({
          name,
          errors: [t(name === 'textures' ? 'connector.badLevels' : 'connector.badLines', { lines: lines.join(', ') })],
        })),
      );
      return null;
    }
    return settings;
  }

  function failed(e: unknown) {
    if (isApiError(e)) showMaps(Object.keys(e.fields ?? {}).map(fieldOf).filter((f) => (MAP_FIELDS as readonly string[]).includes(f)));
    const rest = applyFieldErrors(form, e, CONNECTOR_FIELDS, fieldOf);
    if (rest.length > 0) setFormError(rest.join(' '));
  }

  async function runTest() {
    setProbe(null);
    const settings = await settingsOfForm().catch(() => null);
    if (!settings || !branch) return;
    try {
      setProbe(await test.mutateAsync({ code: branch.code, settings }));
    } catch (e) {
      failed(e);
    }
  }

  async function submit() {
    const settings = await settingsOfForm().catch(() => null);
    if (!settings || !branch) return;
    try {
      await save.mutateAsync({ code: branch.code, settings });
      notification.success({ message: t('connector.saved', { name: branch.name }) });
      onClose();
    } catch (e) {
      failed(e);
    }
  }

  const mapItem = (name: MapField) => ({
    key: name,
    label: (
      <Space>
        <span>{t(`connector.fields.${name}`)}</span>
        <Typography.Text type="secondary">{t('connector.entries', { count: counts[name] ?? 0 })}</Typography.Text>
      </Space>
    ),
    forceRender: true,
    children: (
      <Form.Item name={name} extra={name === 'npo' ? t('connector.npoHint') : undefined} style={{ marginBottom: 0 }}>
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 12 }}
          spellCheck={false}
          style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 }}
          aria-label={t(`connector.fields.${name}`)}
          data-testid={`connector-${name}`}
        />
      </Form.Item>
    ),
  });

  return (
    <Drawer
      open={open}
      width={680}
      title={branch ? t('connector.title', { name: branch.name }) : ''}
      onClose={guard.close}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (!visible) {
          setProbe(null);
          setFormError(null);
          setOpenMaps([]);
          save.reset();
          test.reset();
        }
      }}
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('connector.cancel')}</Button>
          <Button icon={<ApiOutlined />} loading={test.isPending} disabled={!ready} onClick={() => void runTest()} data-testid="connector-test">
            {t('connector.test')}
          </Button>
          <Button type="primary" loading={save.isPending} disabled={!ready} onClick={() => void submit()} data-testid="connector-save">
            {t('connector.save')}
          </Button>
        </Space>
      }
      data-testid="connector-drawer"
    >
      {!ready ? (
        <Spin />
      ) : (
        <Form<ConnectorValues>
          form={form}
          layout="vertical"
          name="connector"
          onValuesChange={(changed: Partial<ConnectorValues>, all) => {
            guard.changed();
            setProbe(null);
            setFormError(null);
            form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof ConnectorValues, errors: [] })));
            setCounts(countEntries(all));
          }}
        >
          <Typography.Paragraph type="secondary">{t('connector.intro')}</Typography.Paragraph>
          {stored.data === null && <Alert type="info" showIcon message={t('connector.none')} style={{ marginBottom: 16 }} data-testid="connector-none" />}
          {formError && <Alert type="error" showIcon message={formError} style={{ marginBottom: 16 }} data-testid="connector-error" />}
          {stored.data && <MissingGroups groups={stored.data.missingAllergenGroups} />}
          <div ref={probeRef}>
            {probe && (
              <div style={{ marginBottom: 16 }}>
                <ProbeResult probe={probe} />
              </div>
            )}
          </div>
          <Typography.Title level={5}>{t('connector.sections.connection')}</Typography.Title>
          <Form.Item
            name="baseUrl"
            label={t('connector.fields.baseUrl')}
            extra={t('connector.fields.baseUrlHint')}
            rules={[
              { required: true, whitespace: true, message: t('connector.required.baseUrl') },
              { pattern: URL_RE, message: t('connector.urlInvalid') },
            ]}
          >
            <Input autoComplete="off" spellCheck={false} data-testid="connector-baseUrl" />
          </Form.Item>
          <Form.Item name="tokenUrl" label={t('connector.fields.tokenUrl')} extra={t('connector.fields.tokenUrlHint')} rules={[{ pattern: URL_RE, message: t('connector.urlInvalid') }]}>
            <Input autoComplete="off" spellCheck={false} data-testid="connector-tokenUrl" />
          </Form.Item>
          <Form.Item name="clientId" label={t('connector.fields.clientId')}>
            <Input autoComplete="off" spellCheck={false} data-testid="connector-clientId" />
          </Form.Item>
          <Form.Item name="secretArn" label={t('connector.fields.secretArn')} extra={t('connector.fields.secretArnHint')}>
            <Input autoComplete="off" spellCheck={false} placeholder="arn:aws:secretsmanager:…" data-testid="connector-secretArn" />
          </Form.Item>
          <Form.Item name="scope" label={t('connector.fields.scope')} extra={t('connector.fields.scopeHint')}>
            <Input autoComplete="off" spellCheck={false} data-testid="connector-scope" />
          </Form.Item>
          <Form.Item name="hnSystem" label={t('connector.fields.hnSystem')} extra={t('connector.fields.hnSystemHint')}>
            <Input autoComplete="off" spellCheck={false} data-testid="connector-hnSystem" />
          </Form.Item>
          <Form.Item name="privateNetwork" valuePropName="checked" extra={t('connector.fields.privateNetworkHint')}>
            <Checkbox data-testid="connector-privateNetwork">{t('connector.fields.privateNetwork')}</Checkbox>
          </Form.Item>
          <Typography.Title level={5}>{t('connector.sections.limits')}</Typography.Title>
          <Space size="large" wrap>
            <Form.Item name="pageSize" label={t('connector.fields.pageSize')} extra={t('connector.fields.defaultValue', { value: 100 })}>
              <InputNumber min={1} max={1000} precision={0} data-testid="connector-pageSize" />
            </Form.Item>
            <Form.Item name="timeoutSeconds" label={t('connector.fields.timeoutSeconds')} extra={t('connector.fields.defaultValue', { value: 20 })}>
              <InputNumber min={1} max={120} precision={0} data-testid="connector-timeoutSeconds" />
            </Form.Item>
            <Form.Item name="retries" label={t('connector.fields.retries')} extra={t('connector.fields.defaultValue', { value: 3 })}>
              <InputNumber min={1} max={10} precision={0} data-testid="connector-retries" />
            </Form.Item>
          </Space>
          <Typography.Title level={5}>{t('connector.sections.maps')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('connector.mapsHint')}</Typography.Paragraph>
          <Collapse
            size="small"
            activeKey={openMaps}
            onChange={(keys) => setOpenMaps(typeof keys === 'string' ? [keys] : keys)}
            items={MAP_FIELDS.map(mapItem)}
            data-testid="connector-maps"
          />
        </Form>
      )}
    </Drawer>
  );
}
