import { Button } from '@inkmark/design'

/** Example questions of a chat's empty state; choosing one puts it in the message box. */
export function ExampleQuestions({
  questions,
  onAsk,
}: {
  questions: readonly string[]
  onAsk: (question: string) => void
}) {
  return (
    <>
      <p>For example:</p>
      <ul className="chat-examples" aria-label="Example questions">
        {questions.map((question) => (
          <li key={question}>
            <Button variant="secondary" size="sm" onPress={() => onAsk(question)}>
              {question}
            </Button>
          </li>
        ))}
      </ul>
    </>
  )
}
