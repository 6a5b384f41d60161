// A patient's allergies, the same on the orders and the patients screens: each allergen on the
// list, and in red (dashed) each allergy written by hand that is on no allergen list, which
// staff must check against the food themselves.
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Hint } from '@/components/hint';
import { NS } from '@/components/texts';

/** One hand-written allergy that no allergen matches: its text and "not on the allergen list". */
export function UnmappedAllergyTag({ text, closable, onClose }: { text: string; closable?: boolean; onClose?: () => void }) {
  const { t } = useTranslation(NS);
  return (
    <Tag
      color="red"
      closable={closable}
      onClose={onClose}
      style={{ marginInlineEnd: 0, borderStyle: 'dashed', fontWeight: 600, whiteSpace: 'normal' }}
      data-testid="allergy-unmapped"
    >
      {text} · {t('allergy.unmapped')}
    </Tag>
  );
}

/** The allergens (named in the interface language by `name`), then the unmapped allergies. */
export function AllergyTags<A extends { id: number }>({
  allergens,
  unmapped,
  name,
}: {
  allergens: readonly A[] | null;
  unmapped: readonly string[] | null;
  name: (a: A) => string;
}) {
  const { t } = useTranslation(NS);
  const mapped = allergens ?? [];
  const others = unmapped ?? [];
  if (mapped.length === 0 && others.length === 0) return <Typography.Text type="secondary">{t('allergy.none')}</Typography.Text>;
  return (
    <Space size={[4, 4]} wrap data-testid="allergies">
      {mapped.map((a) => (
        <Tag key={a.id} color="red" style={{ marginInlineEnd: 0 }}>
          {name(a)}
        </Tag>
      ))}
      {others.map((a) => (
        <Hint key={a} title={t('allergy.unmappedHint')}>
          <span>
            <UnmappedAllergyTag text={a} />
          </span>
        </Hint>
      ))}
    </Space>
  );
}
