import { Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '@/features/orders/i18n';
import { AllergyTags } from '@/components/allergy-tags';
import { IddsiTag, NpoTag, type OrderLabels } from '@/features/orders/components/parts';
import type { ChoiceRow } from '@/features/orders/api/get-choices';
import type { OrderPatient } from '@/features/orders/types';

type Props = { p: OrderPatient; labels: OrderLabels; therapeutics?: ChoiceRow[]; caregiver?: boolean };

/** Who is ordered for: HN, name, bed, diet, disease food, allergies (unmapped in red), religion/vegetarian, IDDSI, NPO. */
export function PatientHeader({ p, labels, therapeutics, caregiver }: Props) {
  const { t } = useTranslation(NS);
  const own = therapeutics?.filter((x) => x.patient) ?? [];
  const disease = (own.length > 0 ? own : p.therapeutics ?? []).map((x) => labels.ref(x)).join(', ');
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2, lg: 3 }}
      data-testid="patient-header"
      title={caregiver ? t('form.caregiverOf', { name: labels.name(p) }) : undefined}
    >
      <Descriptions.Item label={t('columns.hnId')}>
        <Typography.Text strong data-testid="header-hn">{p.hnId}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('columns.name')}>{labels.name(p)}</Descriptions.Item>
      <Descriptions.Item label={t('columns.wardBed')}>
        {labels.ref(p.ward)} · {labels.ref(p.room)}
      </Descriptions.Item>
      <Descriptions.Item label={t('patient.diet')}>{labels.ref(p.dietType) || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('patient.therapeutic')}>{disease || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('patient.religion')}>
        {[labels.ref(p.religion), labels.ref(p.vegetarian)].filter(Boolean).join(' · ') || '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('columns.allergens')} span={2}>
        <AllergyTags allergens={p.allergens} unmapped={p.unmappedAllergies} name={labels.ref} />
      </Descriptions.Item>
      <Descriptions.Item label={t('patient.restricted')}>
        {(p.restricted ?? []).length > 0 ? (
          <Space size={[4, 4]} wrap>
            {(p.restricted ?? []).map((r) => (
              <Tag key={r.id} color="orange" style={{ marginInlineEnd: 0 }}>
                {labels.ref(r)}
              </Tag>
            ))}
          </Space>
        ) : (
          '—'
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('patient.texture')} span={2}>
        {p.textureFood === null && p.textureDrink === null ? (
          t('patient.noTexture')
        ) : (
          <Space size={4} wrap>
            {p.textureFood !== null && <IddsiTag type="FOOD" level={p.textureFood} />}
            {p.textureDrink !== null && <IddsiTag type="DRINK" level={p.textureDrink} />}
          </Space>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('columns.npo')}>
        <NpoTag p={p} labels={labels} now={new Date()} /> {!p.npoFrom && '—'}
      </Descriptions.Item>
    </Descriptions>
  );
}
