/** The login page's user type (default Seller): the portal account signed into, by the form or by "Sign in with ...". */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { API_FAMILIES, FAMILY, type UserType } from '../../../../shared/api-family';

const USER_TYPES: { value: UserType; label: string }[] = API_FAMILIES.map((family) => ({
  value: FAMILY[family].userType,
  label: FAMILY[family].userTypeLabel,
}));

export function UserTypeSelect({ value, onChange }: { value: UserType; onChange: (userType: UserType) => void }) {
  return (
    <TextField select label="User type" value={value} onChange={(event) => onChange(event.target.value as UserType)}>
      {USER_TYPES.map((type) => (
        <MenuItem key={type.value} value={type.value}>
          {type.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
