import LocalLaundryServiceIcon from '@mui/icons-material/LocalLaundryService';
import { recordsResource } from '../shared/describedResource';
import { description } from './description';
import { texts } from './texts';

/** The care guides' sidebar group and pages, from this folder alone (docs/adding-a-resource.md). */
export default recordsResource({
  description,
  texts,
  icon: LocalLaundryServiceIcon,
  columns: ['title', 'fabric'],
  phone: { primary: 'title', secondary: ['fabric'] },
});
