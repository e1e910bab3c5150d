import { createSvgIcon } from '@mui/material/utils';

export default createSvgIcon(
  [
    <path
      key="0"
      d="M20 2H4c-1 0-2 .9-2 2v3.01c0 .72.43 1.34 1 1.69V20c0 1.1 1.1 2 2 2h14c.9 0 2-.9 2-2V8.7c.57-.35 1-.97 1-1.69V4c0-1.1-1-2-2-2m-1 18H5V9h14zm1-13H4V4h16z"
    />,
    <path key="1" d="M9 12h6v2H9z" />,
  ],
  'Inventory2Outlined',
);
