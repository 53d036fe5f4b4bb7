import {
  File,
  FileArchive,
  FileAudio,
  FileCode,
  FileImage,
  FileSpreadsheet,
  FileText,
  FileVideo,
} from 'lucide-react';
import { fileKind } from '../../model/file-kind';

/** The icon of a file that has no thumbnail. */
export function FileTypeIcon({ mimeType, name }: { mimeType: string; name: string }) {
  const props = { 'aria-hidden': true, className: 'size-6' } as const;
  switch (fileKind(mimeType, name)) {
    case 'image':
      return <FileImage {...props} />;
    case 'video':
      return <FileVideo {...props} />;
    case 'audio':
      return <FileAudio {...props} />;
    case 'archive':
      return <FileArchive {...props} />;
    case 'sheet':
      return <FileSpreadsheet {...props} />;
    case 'document':
      return <FileText {...props} />;
    case 'code':
      return <FileCode {...props} />;
    default:
      return <File {...props} />;
  }
}
