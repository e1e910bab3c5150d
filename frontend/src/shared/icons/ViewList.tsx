import { createSvgIcon } from '@mui/material/utils';

export default createSvgIcon(
  <path d="M3 14h4v-4H3zm0 5h4v-4H3zM3 9h4V5H3zm5 5h13v-4H8zm0 5h13v-4H8zM8 5v4h13V5z" />,
  'ViewList',
);
