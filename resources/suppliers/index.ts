import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { describedResource } from '../shared/describedResource';
import { description } from './description';
import { texts } from './texts';

/** The suppliers' sidebar group and pages, from this folder alone (docs/adding-a-resource.md). */
export default describedResource({
  description,
  texts,
  icon: LocalShippingIcon,
  columns: ['name', 'contactPerson', 'country', 'email'],
  phone: { primary: 'name', secondary: ['contactPerson', 'country'] },
});
