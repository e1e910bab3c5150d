import { createSvgIcon } from '@mui/material/utils';

export default createSvgIcon(<path d="M4 9h4v11H4zm12 4h4v7h-4zm-6-9h4v16h-4z" />, 'BarChartOutlined');
