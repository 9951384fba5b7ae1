export default function Integration() {
  return (
    <main className="page" id="main">
      <h1>Integration</h1>
    </main>
  );
}
