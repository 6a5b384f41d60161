import { Alert, Button, Form, Input, List, Modal, Space, Typography, type GetRef } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '@/features/orders/i18n';
import { useReplaceIngredient, type ReplaceParams } from '@/features/orders/api/check-replace-ingredient';
import { ConflictTags, type OrderLabels } from '@/features/orders/components/parts';
import type { Chosen } from '@/features/orders/draft';
import type { MenuOffer, SetOffer } from '@/features/orders/types';

type Props = {
  pending: Chosen | null;
  /** What checkReplaceIngredient needs besides the item (null: not asked). */
  replace: Omit<ReplaceParams, 'menuId' | 'menuSetId'> | null;
  labels: OrderLabels;
  onNote: (note: string) => void;
  onReplace: (offer: MenuOffer | SetOffer) => void;
  onCancel: () => void;
};

/**
 * A conflicting choice (an allergen, a restricted, religious or vegetarian ingredient): the
 * person either records how the kitchen changes it (the alternative note, SPEC.md §5) or
 * takes one of the day's dishes of the same portion that has no conflict.
 */
export function AlternativeNoteModal({ pending, replace, labels, onNote, onReplace, onCancel }: Props) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<{ note: string }>();
  const note = useRef<GetRef<typeof Input.TextArea>>(null);
  const alternatives = useReplaceIngredient(
    pending && replace ? { ...replace, ...(pending.menuSetId !== undefined ? { menuSetId: pending.menuSetId } : { menuId: pending.menuId }) } : null,
  );
  useEffect(() => {
    if (pending) form.resetFields();
  }, [pending, form]);
  const alts = (alternatives.data?.alternatives ?? []).filter((a) => a.menu || a.menuSet);
  return (
    <Modal
      open={pending !== null}
      title={t(replace?.caregiver ? 'note.caregiverTitle' : 'note.title', { name: pending ? labels.ref(pending.item) : '' })}
      onCancel={onCancel}
      onOk={() => form.submit()}
      okText={t('note.accept')}
      cancelText={t('common.back')}
      okButtonProps={{ 'data-testid': 'note-accept' } as never}
      destroyOnHidden
      // the note field focused once the dialog is open, not by autoFocus: a field focused before
      // the dialog notes what had the focus leaves it nothing to give the focus back to (issue 29)
      afterOpenChange={(open) => open && note.current?.focus()}
      width={560}
      data-testid="note-modal"
    >
      {pending && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Alert type="warning" showIcon message={t('note.conflicts')} description={<ConflictTags conflicts={pending.conflicts} />} />
          <Form form={form} layout="vertical" name="alternative-note" onFinish={(v) => onNote(v.note)}>
            <Form.Item
              name="note"
              label={t('note.label')}
              extra={t('note.hint')}
              rules={[
                { required: true, whitespace: true, message: t('note.required') },
                { max: 500, message: t('form.tooLong', { max: 500 }) },
              ]}
            >
              <Input.TextArea ref={note} rows={3} data-testid="note-input" />
            </Form.Item>
          </Form>
          <div>
            <Typography.Text strong>{t('note.alternatives')}</Typography.Text>
            <List
              size="small"
              loading={alternatives.isFetching}
              // secondary text, not the list's own light grey (1.8:1 on white, axe, issue 29)
              locale={{ emptyText: <Typography.Text type="secondary">{t('note.noAlternative', { day: replace ? labels.day(replace.dateOrder) : '' })}</Typography.Text> }}
              dataSource={alts}
              data-testid="alternatives"
              renderItem={(a) => {
                const item = (a.menu ?? a.menuSet)!;
                const offer: MenuOffer | SetOffer = a.menu
                  ? { menu: a.menu, conflicts: a.conflicts ?? [], blocked: false }
                  : { menuSet: a.menuSet!, conflicts: a.conflicts ?? [], blocked: false };
                return (
                  <List.Item
                    actions={[
                      <Button key="take" size="small" onClick={() => onReplace(offer)} data-testid="alternative-take">
                        {t('note.take')}
                      </Button>,
                    ]}
                  >
                    {item.code} · {labels.ref(item)}
                  </List.Item>
                );
              }}
            />
          </div>
        </Space>
      )}
    </Modal>
  );
}
