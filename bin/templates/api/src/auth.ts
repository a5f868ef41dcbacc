import { auth } from 'fw-api/auth'
import { users } from './tables.ts'

/** The signing secret: from the environment, never in the code; 32 bytes or more. */
function jwtSecret(): string {
  const secret = process.env.JWT_SECRET ?? ''
  if (new TextEncoder().encode(secret).length < 32) {
    throw new Error('set JWT_SECRET to 32 bytes or more, e.g. JWT_SECRET=$(openssl rand -base64 32)')
  }
  return secret
}

export const jwt = auth.JsonWebToken({ secret: jwtSecret(), expiresIn: '7d' })
export const currentUser = auth.User(users, {
  authentication: jwt,
  loginFields: ['username'],
  passwordField: 'password',
})
