import '../../../contract/zod-setup.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequest } from '../../../contract/auth.ts';

/** The login form's check, loaded at its first use (LoginForm): zod stays out of the login's first download. */
export const loginResolver = zodResolver(loginRequest);
