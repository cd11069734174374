import { CitySelect } from 'shared-contracts/ui';
import { useStoreCities } from '../api/useStoreCities';
import styles from './CityFilter.module.css';

export interface CityFilterProps {
  /** The city chosen (undefined: every city). */
  city: string | undefined;
  onChange: (city: string | undefined) => void;
}

/** The store list's City filter: the kit's CitySelect with the stores' cities. */
export function CityFilter({ city, onChange }: CityFilterProps) {
  const cities = useStoreCities();
  return <CitySelect cities={cities.data} city={city} onChange={onChange} fieldClassName={styles.field} />;
}
