export default function Webhooks() {
  return (
    <main className="page" id="main">
      <h1>Webhooks</h1>
    </main>
  );
}
