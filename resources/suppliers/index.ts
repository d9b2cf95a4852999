import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { recordsResource } from '../shared/describedResource';
import { description } from './description';
import { texts } from './texts';

/** The suppliers' sidebar group and pages, from this folder alone (docs/adding-a-resource.md). */
export default recordsResource({
  description,
  texts,
  icon: LocalShippingIcon,
  columns: ['name', 'contactPerson', 'country', 'email'],
  phone: { primary: 'name', secondary: ['contactPerson', 'country'] },
});
