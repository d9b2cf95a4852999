// The console's busy indicator is the one resources use too (resources/shared/Busy.tsx).
export { Busy as Loader } from '../../resources/shared/Busy';
