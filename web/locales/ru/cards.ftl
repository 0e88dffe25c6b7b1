# Карты словами и другие части, из которых складываются слова ходов (moves.ftl). Ключи `$rank` и
# `$suit` описаны в en/cards.ftl. Валет, дама, король, туз на карте — В, Д, К, Т; в немецкой
# колоде прши валет — унтер, дама — обер, трефы — жёлуди, пики — листья (зелёные), бубны — бубенцы.

card-short =
    { $rank ->
        [two] 2
        [three] 3
        [four] 4
        [five] 5
        [six] 6
        [seven] 7
        [eight] 8
        [nine] 9
        [ten] 10
        [jack] В
        [queen] Д
        [king] К
       *[ace] Т
    }{ $suit ->
        [clubs] ♣
        [diamonds] ♦
        [hearts] ♥
       *[spades] ♠
    }
card-name =
    { $rank ->
        [two] двойка
        [three] тройка
        [four] четвёрка
        [five] пятёрка
        [six] шестёрка
        [seven] семёрка
        [eight] восьмёрка
        [nine] девятка
        [ten] десятка
        [jack] валет
        [queen] дама
        [king] король
       *[ace] туз
    } { $suit ->
        [clubs] треф
        [diamonds] бубён
        [hearts] червей
       *[spades] пик
    }
card-german-short =
    { $rank ->
        [jack] { $suit ->
            [clubs] желудёвый
            [diamonds] бубенцовый
            [hearts] червонный
           *[spades] зелёный
        } унтер
        [queen] { $suit ->
            [clubs] желудёвый
            [diamonds] бубенцовый
            [hearts] червонный
           *[spades] зелёный
        } обер
        [king] { $suit ->
            [clubs] желудёвый
            [diamonds] бубенцовый
            [hearts] червонный
           *[spades] зелёный
        } король
        [ace] { $suit ->
            [clubs] желудёвый
            [diamonds] бубенцовый
            [hearts] червонный
           *[spades] зелёный
        } туз
       *[other] { $suit ->
            [clubs] желудёвая
            [diamonds] бубенцовая
            [hearts] червонная
           *[spades] зелёная
        } { $rank ->
            [seven] 7
            [eight] 8
            [nine] 9
           *[ten] 10
        }
    }
card-german-name =
    { $rank ->
        [jack] { $suit ->
            [clubs] желудёвый
            [diamonds] бубенцовый
            [hearts] червонный
           *[spades] зелёный
        } унтер
        [queen] { $suit ->
            [clubs] желудёвый
            [diamonds] бубенцовый
            [hearts] червонный
           *[spades] зелёный
        } обер
        [king] { $suit ->
            [clubs] желудёвый
            [diamonds] бубенцовый
            [hearts] червонный
           *[spades] зелёный
        } король
        [ace] { $suit ->
            [clubs] желудёвый
            [diamonds] бубенцовый
            [hearts] червонный
           *[spades] зелёный
        } туз
       *[other] { $suit ->
            [clubs] желудёвая
            [diamonds] бубенцовая
            [hearts] червонная
           *[spades] зелёная
        } { $rank ->
            [seven] семёрка
            [eight] восьмёрка
            [nine] девятка
           *[ten] десятка
        }
    }
card-joker =
    { $colour ->
        [red] красный джокер
       *[black] чёрный джокер
    }

## Части слов хода помимо фраз.

phrase-you = вы
phrase-seat = место { $seat }
phrase-list-comma = {", "}
phrase-list-and = {" и "}
phrase-nobody = никто
phrase-nothing = ничего
