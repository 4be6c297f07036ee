import type { SvgIconComponent } from '@mui/icons-material';
import AutoIncrementIcon from '@mui/icons-material/Numbers';
import DefaultIcon from '@mui/icons-material/InputOutlined';
import HiddenIcon from '@mui/icons-material/VisibilityOffOutlined';
import ReadOnlyIcon from '@mui/icons-material/LockOutlined';
import RequiredIcon from '@mui/icons-material/PriorityHigh';
import { useTranslation } from 'react-i18next';
import type { FlagOption } from '../utils/field-options';

const ICONS: Record<FlagOption | 'default', SvgIconComponent> = {
  hidden: HiddenIcon,
  read_only: ReadOnlyIcon,
  required: RequiredIcon,
  auto_increment: AutoIncrementIcon,
  default: DefaultIcon,
};

/** Small icons, each named for screen readers and on hover, for a column's field options. */
export function ColumnOptionMarks({ options }: { options: readonly (FlagOption | 'default')[] }) {
  const { t } = useTranslation();
  return (
    <span className="grid-head-options">
      {options.map((o) => {
        const Icon = ICONS[o];
        const label = t(o === 'default' ? 'fieldOptions.hasDefault' : `fieldOptions.${o}`);
        return (
          <Icon key={o} titleAccess={label} sx={{ fontSize: 13, ml: 0.5, verticalAlign: 'text-bottom' }} />
        );
      })}
    </span>
  );
}
