import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { ConvKind } from '../utils/kinds';

const COLORS: Record<ConvKind, 'default' | 'primary' | 'secondary'> = {
  conversation: 'default',
  chatroom: 'primary',
  service: 'secondary',
};

export function KindChip({ kind }: { kind: ConvKind }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={COLORS[kind]} label={t(`messaging.kinds.${kind}`)} />;
}
