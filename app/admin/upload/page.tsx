import { AdminScreen } from '@/components/admin/admin-screen';

/** SPEC §2's second admin address; issue 14: it opens the photo upload of a new watch directly. */
export default function AdminUploadPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <AdminScreen searchParams={searchParams} startWithUpload />;
}
