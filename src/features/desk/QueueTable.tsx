/** One row of a desk queue: what the pharmacist opens next and how long it has waited. */
export interface QueueRow {
  key: string;
  href: string;
  number: string;
  customer: string;
  status: string;
  age: string;
  /** Said after the age when past the desk's target; the row and its age then stand out. */
  lateNote?: string;
}

/** The desk's queues (orders, prescription requests) as one table shape, oldest first. */
export default function QueueTable({ numberHeading, ageHeading, rows }: { numberHeading: string; ageHeading: string; rows: QueueRow[] }) {
  return (
    <table className="mt-2 w-full text-left text-sm">
      <thead>
        <tr className="border-b border-gray-200 text-gray-700">
          <th scope="col" className="py-2 pr-4">{numberHeading}</th>
          <th scope="col" className="py-2 pr-4">Customer</th>
          <th scope="col" className="py-2 pr-4">Status</th>
          <th scope="col" className="py-2">{ageHeading}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className={`border-b border-gray-100 ${row.lateNote ? 'bg-amber-50' : ''}`}>
            <td className="py-2 pr-4">
              <a href={row.href} className="font-medium text-brand-700 underline">
                {row.number}
              </a>
            </td>
            <td className="py-2 pr-4 text-gray-800">{row.customer}</td>
            <td className="py-2 pr-4 text-gray-800">{row.status}</td>
            <td className={`py-2 ${row.lateNote ? 'font-semibold text-amber-900' : 'text-gray-800'}`}>
              {row.age}
              {row.lateNote}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
