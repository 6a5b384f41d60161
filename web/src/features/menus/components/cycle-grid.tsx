import { Alert, App, Button, Form, Modal, Radio, Select, Space, Tag, type TableProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowLeftOutlined, PlusOutlined } from '@/components/icons';
import { Table } from '@/components/table';
import { TypeToDeleteModal } from '@/components/type-to-delete-modal';
import { isApiError } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form-errors';
import { useDeleteCycleMenu } from '@/features/menus/api/delete-cycle-menu';
import { useMasterRows, type MasterRow } from '@/features/menus/api/get-master-rows';
import { MAX_CONTENTS, useCycleMenus } from '@/features/menus/api/search-cycle-menus';
import { useMenuSetChoices } from '@/features/menus/api/search-menu-sets';
import { useMenuChoices } from '@/features/menus/api/search-menus';
import { useUpdateCycleMenu, type CycleMenuInput } from '@/features/menus/api/update-cycle-menu';
import { ForFields } from '@/features/menus/components/form-parts';
import { RefSelect } from '@/features/menus/components/parts';
import { NS } from '@/features/menus/i18n';
import { localName, type Cycle, type CycleMenu } from '@/features/menus/types';

type Cell = { dayNo: number; meal: MasterRow };
type DayRow = { id: number; dayNo: number };

/** The day column's width, and the least a meal column gets before the grid scrolls sideways. */
const DAY_WIDTH = 110;
const MEAL_MIN = 170;

/** The name of a content's dish or set in the interface language. */
function itemName(c: CycleMenu, lang: string): string {
  return c.menuId
    ? localName({ nameTh: c.menuNameTh, nameEn: c.menuNameEn }, lang)
    : localName({ nameTh: c.menuSetNameTh, nameEn: c.menuSetNameEn }, lang);
}

/** The meal types of the grid: active ones by their start time, and any the round already uses. */
function mealColumns(meals: MasterRow[], items: CycleMenu[]): MasterRow[] {
  const used = new Set(items.map((i) => i.mealTimeId));
  return meals
    .filter((m) => m.status === 'ACTIVE' || used.has(m.id))
    .sort((a, b) => (a.startTime ?? '').localeCompare(b.startTime ?? '') || a.code.localeCompare(b.code));
}

/**
 * A round as a grid: a row per day (Monday to Sunday for a weekday round), a column per meal
 * type on its colours; each cell lists its dishes and sets, adds one, and takes one out (ลบ).
 */
export function CycleGrid({ cycle, branchCode, onBack }: { cycle: Cycle; branchCode: string; onBack: () => void }) {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language;
  const { notification, modal } = App.useApp();
  const contents = useCycleMenus(cycle.id);
  const meals = useMasterRows('MealTime', branchCode);
  const del = useDeleteCycleMenu();
  const [adding, setAdding] = useState<Cell | null>(null);
  const [removing, setRemoving] = useState<CycleMenu | null>(null);
  const items = useMemo(() => contents.data?.items ?? [], [contents.data]);
  const columnsMeals = mealColumns(meals.data?.items ?? [], items);

  const byCell = useMemo(() => {
    const m = new Map<string, CycleMenu[]>();
    for (const c of items) {
      const k = `${c.dayNo}:${c.mealTimeId}`;
      m.set(k, [...(m.get(k) ?? []), c]);
    }
    return m;
  }, [items]);

  const days: DayRow[] = Array.from({ length: cycle.dayCount }, (_, i) => ({ id: i + 1, dayNo: i + 1 }));
  const dayLabel = (n: number) => (cycle.roundType === 'WEEKDAY' ? t(`weekday.${n}`) : t('grid.day', { n }));

  async function remove() {
    if (!removing) return;
    try {
      await del.mutateAsync({ branchCode, id: removing.id });
      notification.success({ message: t('toast.deleted') });
    } catch (e) {
      if (isApiError(e) && !e.handled) modal.error({ title: t('deleteConfirm.failedTitle'), content: e.message });
    }
    setRemoving(null);
  }

  // the meal columns share the width there is (at 1280 px four of them fit, dinner included:
  // QA 2026-11-26 #10); below MEAL_MIN each the grid scrolls sideways
  const columns: TableProps<DayRow>['columns'] = [
    { key: 'day', title: t('grid.dayColumn'), width: DAY_WIDTH, fixed: 'left', render: (_, r) => <strong>{dayLabel(r.dayNo)}</strong> },
    ...columnsMeals.map((meal) => ({
      key: `meal-${meal.id}`,
      title: localName(meal, lang),
      onHeaderCell: () => ({
        style: { background: meal.mealColor, color: meal.textColor },
        'data-testid': `meal-header-${meal.code}`,
      }),
      render: (_: unknown, r: DayRow) => (
        <div data-testid={`cell-${r.dayNo}-${meal.code}`}>
          <Space size={[4, 4]} wrap>
            {(byCell.get(`${r.dayNo}:${meal.id}`) ?? []).map((c) => (
              <Tag
                key={c.id}
                color={c.menuSetId ? 'purple' : 'blue'}
                style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}
                closable
                onClose={(e) => {
                  e.preventDefault();
                  setRemoving(c);
                }}
                data-testid="cell-item"
              >
                {c.menuSetId ? `${t('grid.set')}: ` : ''}
                {itemName(c, lang)}
              </Tag>
            ))}
            <Button
              size="small"
              type="dashed"
              icon={<PlusOutlined />}
              aria-label={t('grid.add', { day: dayLabel(r.dayNo), meal: localName(meal, lang) })}
              onClick={() => setAdding({ dayNo: r.dayNo, meal })}
              data-testid="cell-add"
            />
          </Space>
        </div>
      ),
    })),
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="grid-back">
        {t('grid.back')}
      </Button>
      {(contents.data?.total ?? 0) > MAX_CONTENTS && <Alert type="warning" showIcon message={t('grid.truncated', { max: MAX_CONTENTS })} />}
      <Table<DayRow>
        rowKey="id"
        size="small"
        bordered
        columns={columns}
        dataSource={days}
        loading={contents.isFetching || meals.isLoading}
        pagination={false}
        scroll={{ x: DAY_WIDTH + columnsMeals.length * MEAL_MIN }}
        data-testid="cycle-grid"
      />
      <CellModal cell={adding} cycle={cycle} branchCode={branchCode} dayLabel={adding ? dayLabel(adding.dayNo) : ''} onClose={() => setAdding(null)} />
      <TypeToDeleteModal
        open={removing !== null}
        title={t('deleteConfirm.title', { name: removing ? itemName(removing, lang) : '' })}
        description={t('deleteConfirm.cycleMenu')}
        pending={del.isPending}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </Space>
  );
}

type CellValues = {
  kind: 'menu' | 'set';
  menuId?: number;
  menuSetId?: number;
  trayCategoryId?: number | null;
  dietTypeId?: number | null;
  therapeuticId?: number | null;
  cuisineTypeId?: number | null;
};

/** Fills a cell: a dish or a set, and optionally what it is cooked for. */
function CellModal({ cell, cycle, branchCode, dayLabel, onClose }: {
  cell: Cell | null;
  cycle: Cycle;
  branchCode: string;
  dayLabel: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language;
  const { notification } = App.useApp();
  const [form] = Form.useForm<CellValues>();
  const open = cell !== null;
  const menus = useMenuChoices(open);
  const sets = useMenuSetChoices(open);
  const save = useUpdateCycleMenu();
  const [error, setError] = useState<string | null>(null);
  const kind = (Form.useWatch('kind', form) ?? 'menu') as CellValues['kind'];
  const label = (name: string) => t(`fields.${name}`);

  useEffect(() => {
    if (open) {
      form.resetFields();
      setError(null);
    }
  }, [open, form]);

  async function submit(v: CellValues) {
    if (!cell) return;
    setError(null);
    const item: CycleMenuInput = {
      cycleId: cycle.id,
      dayNo: cell.dayNo,
      mealTimeId: cell.meal.id,
      menuId: v.kind === 'menu' ? (v.menuId ?? null) : null,
      menuSetId: v.kind === 'set' ? (v.menuSetId ?? null) : null,
      trayCategoryId: v.trayCategoryId ?? null,
      dietTypeId: v.dietTypeId ?? null,
      therapeuticId: v.therapeuticId ?? null,
      cuisineTypeId: v.cuisineTypeId ?? null,
    };
    try {
      await save.mutateAsync({ branchCode, item });
      notification.success({ message: t('toast.created') });
      onClose();
    } catch (e) {
      const rest = applyFieldErrors(form, e, ['menuId', 'menuSetId', 'trayCategoryId', 'dietTypeId', 'therapeuticId', 'cuisineTypeId']);
      // the duplicate (409), a day beyond the round: said in the dialog
      if (rest.length > 0) setError(rest.join('\n'));
    }
  }

  const active = <T extends { id: number; code: string; nameTh: string; nameEn: string; status: string }>(rows: T[] | undefined) =>
    (rows ?? []).filter((r) => r.status === 'ACTIVE').map((r) => ({ value: r.id, label: `${r.code} · ${localName(r, lang)}` }));

  return (
    <Modal
      open={open}
      title={cell ? t('grid.cellTitle', { day: dayLabel, meal: localName(cell.meal, lang) }) : ''}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('action.save')}
      cancelText={t('action.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'cell-save' } as never}
      destroyOnHidden
    >
      <Form<CellValues> form={form} layout="vertical" name="cycleMenu" initialValues={{ kind: 'menu' }} onFinish={(v) => void submit(v)}>
        <Form.Item name="kind" label={t('grid.kind')}>
          <Radio.Group optionType="button" data-testid="cell-kind">
            <Radio.Button value="menu">{t('grid.dish')}</Radio.Button>
            <Radio.Button value="set">{t('grid.set')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
        {kind === 'menu' ? (
          <Form.Item name="menuId" label={label('menuId')} rules={[{ required: true, type: 'number', message: t('form.choose', { field: label('menuId') }) }]}>
            <Select showSearch optionFilterProp="label" options={active(menus.data?.items)} loading={menus.isLoading} data-testid="cell-menu" />
          </Form.Item>
        ) : (
          <Form.Item name="menuSetId" label={label('menuSetId')} rules={[{ required: true, type: 'number', message: t('form.choose', { field: label('menuSetId') }) }]}>
            <Select showSearch optionFilterProp="label" options={active(sets.data?.items)} loading={sets.isLoading} data-testid="cell-set" />
          </Form.Item>
        )}
        <ForFields branchCode={branchCode} testIdPrefix="cell" />
        <Form.Item name="cuisineTypeId" label={label('kitchen')}>
          <RefSelect kind="CuisineType" branchCode={branchCode} testId="cell-cuisineTypeId" placeholder={t('notSet')} />
        </Form.Item>
        {error && <Alert type="error" showIcon message={error} data-testid="cell-error" />}
      </Form>
    </Modal>
  );
}
