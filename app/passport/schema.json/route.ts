import { passportSchemaRoute } from '@/lib/certificate/routes';

/** The JSON Schema of the passports. */
export function GET() {
  return passportSchemaRoute();
}
