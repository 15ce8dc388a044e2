import { adminRoute } from '@/lib/admin/route';
import { watchesCsv } from '@/lib/admin/watches-csv';
import { getStores } from '@/lib/shop/stores';

/** The whole catalogue, sold out too, with the collector's data, as a CSV download (issue 50). */
export const GET = adminRoute('catalogue', async () => watchesCsv(getStores().catalog));
