import { useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Snackbar from '@mui/material/Snackbar';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useTranslation } from 'react-i18next';
import { curlCommand } from './curl';
import { ExportDataDialog } from './export-data/ExportDataDialog';
import { ExportProgressDialog } from './ExportProgressDialog';
import { useAppPermission } from '../../../lib/session';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { useExportDownload } from './use-export-download';
import type { ObjectsQuery } from '../api/keys';

export interface ExportMenuProps {
  app: string;
  className: string;
  /** The page's query: the export takes every object matching its where (and only its keys). */
  query: ObjectsQuery;
  /** Why the URL's where is not used, when it is not valid: then nothing is exported. */
  whereError?: string | undefined;
}

/**
 * The class page's Export menu: the current query as CSV or JSON lines, the same query as a curl
 * command, and the app's full exportData task.
 */
export function ExportMenu({ app, className, query, whereError }: ExportMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [fullExport, setFullExport] = useState(false);
  const menuMounted = useOpenedOnce(anchor !== null);
  const noticeMounted = useOpenedOnce(notice !== null);
  const canExport = useAppPermission(app, 'export.run');
  const download = useExportDownload();
  const { where, keys, order, limit, skip } = query;

  const close = () => setAnchor(null);
  const exportAs = (format: 'csv' | 'jsonl', bom?: boolean) => {
    close();
    if (whereError) return setNotice(t('transfer.badWhere', { message: whereError }));
    download.start({ app, className, format, where, keys, bom });
  };
  const copyCurl = () => {
    close();
    const text = curlCommand({ className, where, order, keys, limit, skip });
    navigator.clipboard.writeText(text).then(
      () => setNotice(t('transfer.curlCopied')),
      () => setNotice(t('transfer.curlCopyFailed')),
    );
  };

  return (
    <>
      <Button
        startIcon={<FileDownloadIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t('transfer.export')}
      </Button>
      {menuMounted && (
        <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
          {canExport && <MenuItem onClick={() => exportAs('csv')}>{t('transfer.exportCsv')}</MenuItem>}
          {canExport && (
            <MenuItem onClick={() => exportAs('csv', true)}>{t('transfer.exportCsvExcel')}</MenuItem>
          )}
          {canExport && <MenuItem onClick={() => exportAs('jsonl')}>{t('transfer.exportJsonl')}</MenuItem>}
          <MenuItem onClick={copyCurl}>{t('transfer.copyCurl')}</MenuItem>
          {canExport && <Divider />}
          {canExport && (
            <MenuItem
              onClick={() => {
                close();
                setFullExport(true);
              }}
            >
              {t('transfer.exportAll')}
            </MenuItem>
          )}
        </Menu>
      )}
      <ExportProgressDialog state={download.state} onCancel={download.cancel} onClose={download.close} />
      {fullExport && (
        <ExportDataDialog app={app} className={className} onClose={() => setFullExport(false)} />
      )}
      {noticeMounted && (
        <Snackbar
          open={notice !== null}
          message={notice}
          autoHideDuration={6000}
          onClose={() => setNotice(null)}
        />
      )}
    </>
  );
}
