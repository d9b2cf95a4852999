import LocalLaundryServiceIcon from '@mui/icons-material/LocalLaundryService';
import { describedResource } from '../shared/describedResource';
import { description } from './description';
import { texts } from './texts';

/** The care guides' sidebar group and pages, from this folder alone (docs/adding-a-resource.md). */
export default describedResource({
  description,
  texts,
  icon: LocalLaundryServiceIcon,
  columns: ['title', 'fabric'],
  phone: { primary: 'title', secondary: ['fabric'] },
});
