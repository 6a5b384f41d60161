import { App, Button, Drawer, Form, Input, Modal, Select, Space, Tag, Typography, type GetRef, type TableColumnsType } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadOutlined } from '@/components/icons';
import { ScreenFrame } from '@/components/screen-frame';
import { ButtonLink } from '@/components/button-link';
import { Table } from '@/components/table';
import { useWards } from '@/lib/api/get-wards';
import { formatDateTime } from '@/lib/dates';
import { pickName } from '@/lib/names';
import { placeOptions, placeSearch } from '@/lib/place-options';
import { useSession } from '@/lib/use-session';
import { useDownloadWorklist, useMarkSeen, useWorklist, type WorkItem } from '@/features/nutrition/api/worklist';
import { IntakeChart } from '@/features/nutrition/components/intake-chart';
import { NS } from '@/features/nutrition/i18n';

/**
 * Who is not eating (Nutritionist, /auth/nutrition/worklist; issue 27 §4): the branch's
 * patients under half their energy or protein target two days in a row, refusing or returning
 * three meals in a row untouched, or nil by mouth over 48 hours — each with its reasons in
 * words, the intake chart, and a "seen" action with a note; the list exports to Excel.
 */
export default function WorklistPage() {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language;
  const { notification } = App.useApp();
  const { userInfo } = useSession();
  const branchCode = userInfo?.current?.branchCode ?? '';
  const [ward, setWard] = useState(0);
  const wards = useWards(branchCode);
  const list = useWorklist(branchCode, lang, ward);
  const download = useDownloadWorklist();
  const [chart, setChart] = useState<WorkItem | null>(null);
  const [seeing, setSeeing] = useState<WorkItem | null>(null);
  const name = (p: WorkItem) => pickName(lang, `${p.firstNameTh} ${p.lastNameTh}`.trim(), `${p.firstNameEn} ${p.lastNameEn}`.trim());

  const columns: TableColumnsType<WorkItem> = [
    { key: 'bed', title: t('columns.bed'), width: 140, render: (_, p) => [pickName(lang, p.wardNameTh, p.wardNameEn) || p.wardCode, p.roomCode].filter(Boolean).join(' · ') || '—' },
    {
      key: 'patient',
      title: t('columns.patient'),
      render: (_, p) => (
        <Space direction="vertical" size={0}>
          <span>{name(p)}</span>
          <Typography.Text type="secondary">{p.hnId}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'reasons',
      title: t('worklist.reasons'),
      render: (_, p) => (
        <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="worklist-reasons">
          {p.reasons.map((r) => (
            <li key={r.code} data-code={r.code}>
              {r.message}
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: 'seen',
      title: t('worklist.lastSeen'),
      render: (_, p) =>
        p.lastSeen ? (
          <Space direction="vertical" size={0} data-testid="worklist-last-seen">
            <Tag color="green">{t('worklist.seenBy', { by: p.lastSeen.seenBy, at: formatDateTime(p.lastSeen.seenAt, lang) })}</Tag>
            {p.lastSeen.note && <Typography.Text>{p.lastSeen.note}</Typography.Text>}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('worklist.notSeen')}</Typography.Text>
        ),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      width: 210,
      render: (_, p) => (
        <Space wrap>
          <Button onClick={() => setChart(p)} aria-label={t('worklist.intakeButton', { name: name(p) })} data-testid="worklist-intake">
            {t('worklist.intake')}
          </Button>
          <Button type="primary" onClick={() => setSeeing(p)} aria-label={t('worklist.seeButton', { name: name(p) })} data-testid="worklist-see">
            {t('worklist.see')}
          </Button>
        </Space>
      ),
    },
  ];

  const exportFile = () =>
    download.mutate({ branchCode, ward }, {
      onSuccess: (f) => {
        if (!f) notification.info({ message: t('worklist.empty') });
      },
    });

  return (
    <ScreenFrame title={t('worklist.title')} subtitle={t('worklist.subtitle')} testId="nutrition-worklist">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          <ButtonLink to="/auth/nutrition">{t('worklist.back')}</ButtonLink>
          <Select
            aria-label={t('ward')}
            value={ward}
            onChange={setWard}
            style={{ minWidth: 180 }}
            {...placeSearch}
            data-testid="worklist-ward"
            options={[{ value: 0, label: t('allWards') }, ...placeOptions(wards.data, lang)]}
          />
          <Button icon={<DownloadOutlined />} onClick={exportFile} loading={download.isPending} data-testid="worklist-export">
            {t('worklist.export')}
          </Button>
        </Space>
        <Table
          rowKey="hnId"
          size="small"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          pagination={false}
          locale={{ emptyText: t('worklist.empty') }}
          data-testid="worklist-table"
        />
      </Space>
      <Drawer open={chart !== null} onClose={() => setChart(null)} width={720} title={chart ? t('worklist.intakeFor', { name: name(chart) }) : ''} destroyOnClose>
        {chart && <IntakeChart branchCode={branchCode} hnId={chart.hnId} />}
      </Drawer>
      <SeenModal branchCode={branchCode} item={seeing} name={seeing ? name(seeing) : ''} onClose={() => setSeeing(null)} />
    </ScreenFrame>
  );
}

/**
 * "Seen", with a note: the reasons the patient is listed for are kept with it. Always there,
 * open while `item` is set: closing it, the dialog gives the focus back to its button; the note
 * field focused once it is open, not by autoFocus, which would leave it nothing to give back (issue 29).
 */
function SeenModal({ branchCode, item, name, onClose }: { branchCode: string; item: WorkItem | null; name: string; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { notification } = App.useApp();
  const [form] = Form.useForm<{ note: string }>();
  const note = useRef<GetRef<typeof Input.TextArea>>(null);
  const save = useMarkSeen();
  const submit = (v: { note?: string }) =>
    item &&
    save.mutate(
      { branchCode, hnId: item.hnId, note: (v.note ?? '').trim() },
      {
        onSuccess: () => {
          notification.success({ message: t('worklist.saved') });
          onClose();
        },
      },
    );
  return (
    <Modal
      open={item !== null}
      title={t('worklist.seeFor', { name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      afterOpenChange={(open) => open && note.current?.focus()}
      okText={t('worklist.see')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} name="worklist-seen">
        <Form.Item name="note" label={t('worklist.note')} rules={[{ max: 1000 }]}>
          <Input.TextArea ref={note} rows={3} maxLength={1000} data-testid="worklist-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
